export * from './oauth.js';
