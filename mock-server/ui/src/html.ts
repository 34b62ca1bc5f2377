import htm from 'htm';
import { h } from 'preact';

// Preact's `h` through htm's tagged templates: components without a JSX compile step (MOCK-37).
export const html = htm.bind(h);
