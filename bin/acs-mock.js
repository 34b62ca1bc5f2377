#!/usr/bin/env node
// `acs-mock`: a file kept in git, because npm looks for the bin when it reads package.json, before prepack
// builds dist/: a bin inside dist/ is reported missing by every pack and publish of a fresh clone (decision PLAT-34).
import '../dist/mock/cli.js';
