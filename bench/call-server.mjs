// The server of `bench/call-cost.ts`: a bare node:http server answering a fixed JSON body per path (the
// first argument, a JSON object of path -> body text), 404 for any other path. No routing library, auth
// or store, so what a client measures against it is the client's own cost plus one loopback round trip.
// Prints its URL as one JSON line, like `acs-mock --json`.
import { createServer } from 'node:http';

const routes = new Map(
  Object.entries(JSON.parse(process.argv[2] ?? '{}')).map(([path, body]) => [
    path,
    { body: Buffer.from(body), headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) } },
  ]),
);
const notFound = Buffer.from('{"error":"not found"}');

const server = createServer((req, res) => {
  // A key may name the method and query too (`POST /v1/customers`, `/v1/customers?limit=20`).
  const route = routes.get(`${req.method} ${req.url}`) ?? routes.get(req.url) ?? routes.get(req.url.split('?', 1)[0]);
  // Drain any request body.
  req.resume();
  if (!route) {
    res.writeHead(404, { 'Content-Type': 'application/json', 'Content-Length': String(notFound.length) });
    res.end(notFound);
    return;
  }
  res.writeHead(200, route.headers);
  res.end(route.body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
