// A stand-in for an OpenStreetMap-style tile server ({z}/{x}/{y}.png): the journeys' shop shows its base map
// from here (MAP_TILES_URL, decision 071) without the internet. Every tile is the same light square.
import { createServer } from 'node:http';

// a 1×1 PNG, #e6efe6 (the browser stretches it to the 256 px tile)
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVR4nGN49v4ZAAV6Arx9mSOjAAAAAElFTkSuQmCC',
  'base64',
);

/** Starts the tile server on a free port of this machine; answers its tile address and a way to stop it. */
export async function startTileServer() {
  const server = createServer((request, response) => {
    if (request.method === 'GET' && /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
      response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
      response.end(TILE);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  server.unref();
  return { url: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`, close: () => server.close() };
}
