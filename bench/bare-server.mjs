// Baseline for the throughput benchmark: a bare node:http server answering one fixed JSON body, with
// nothing else (no routing, auth or store). Prints its URL as one JSON line, like `acs-mock --json`.
import { createServer } from 'node:http';

const body = process.argv[2] ?? '{"data":{}}';
const length = String(Buffer.byteLength(body));
const server = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
