import pino from 'pino';
import { createLogDestination, type LogDestination } from './logDestination';

export function createLogger(level: string, destination: LogDestination = createLogDestination()) {
  return pino(
    { level, base: undefined, redact: ['req.headers.cookie', 'password', '*.password'] },
    destination,
  );
}
