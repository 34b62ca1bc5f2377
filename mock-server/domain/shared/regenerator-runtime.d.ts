// regenerator-runtime ships no types: pdf-faces.ts imports it only for its effect (a global regeneratorRuntime).
declare module 'regenerator-runtime/runtime.js';
