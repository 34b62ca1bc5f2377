// What `AcsStream` loads with `import('./engine.js')` at its first use (a chunk of its own in an app's bundle):
// the socket, protocol, reconnect and heartbeat code, and the waiting of `ready()` and `for await`.
export { finish, start } from './connection.js';
export { iterate, whenReady } from './awaiting.js';
