import pino from 'pino';
import { createLogDestination, type LogDestination } from './logDestination';

export function createLogger(level: string, destination: LogDestination = createLogDestination()) {
  return pino(
    { level, base: undefined, redact: ['req.headers.cookie', 'password', '*.password'] },
    destination,
  );
}

/**
 * Where a request keeps the maker of its own logger (http/requestLog.ts gives it one; the context
 * and the REST adapter read it). A plain symbol field rather than a getter on the request:
 * defining a property on Node's request object cost a microsecond and a half per request.
 */
const REQUEST_LOGGER = Symbol('requestLogger');
type WithLogger = { [REQUEST_LOGGER]?: () => pino.Logger };

export function setRequestLogger(req: object, make: () => pino.Logger): void {
  (req as WithLogger)[REQUEST_LOGGER] = make;
}

/** The request's own logger (made on the first call), if it was given one. */
export function requestLoggerOf(req: object | undefined): pino.Logger | undefined {
  return (req as WithLogger | undefined)?.[REQUEST_LOGGER]?.();
}
