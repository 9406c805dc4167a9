// Whether the server can listen where it was told to, checked before the start touches the
// database (a migration, a new admin's password printed) so a busy port stops it with a plain
// message and nothing done.
import net from 'node:net';

/** What to tell the operator when listening on `port` failed with `error`. */
export function listenProblem(port: number, error: NodeJS.ErrnoException): string {
  if (error.code === 'EADDRINUSE') return `Port ${port} is in use: set PORT to another one`;
  if (error.code === 'EACCES') {
    return `Port ${port} needs privileges this process lacks: set PORT to one above 1023`;
  }
  if (error.code === 'EADDRNOTAVAIL') {
    return `This machine has no address to listen on as HOST says: set HOST to one of its own (or 0.0.0.0)`;
  }
  return `Cannot listen on port ${port}: ${error.message}`;
}

/** Resolves when `host:port` can be listened on, else rejects with `listenProblem`'s words. */
export function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(listenProblem(port, error))),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
