export { OAuth } from './oauth.js';
