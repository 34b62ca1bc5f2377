#!/usr/bin/env node
// `acs-mock`: a file kept in git, because npm checks that a bin exists when it reads package.json, before
// prepack builds dist/, and drops a missing one from what it publishes (decision PLAT-32).
import '../dist/mock/cli.js';
