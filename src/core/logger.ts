import { readEnv } from '../internal/env.js';
import { redact, redactString } from '../internal/redact.js';

/** Log levels, most verbose first; `off` silences the SDK. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

/** Anything with console's four methods: console itself, pino, winston, a test spy. */
export interface Logger {
  debug(message: string, ...args: unknown[]): void;
  info(message: string, ...args: unknown[]): void;
  warn(message: string, ...args: unknown[]): void;
  error(message: string, ...args: unknown[]): void;
}

/** The SDK's wrapped logger, which knows its level. */
export interface LevelledLogger extends Logger {
  enabled(level: Exclude<LogLevel, 'off'>): boolean;
}

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'off'];
const rank = (level: LogLevel): number => LEVELS.indexOf(level);

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
}

/** The level to use: the option, else `ACS_LOG`, else `warn`; an unknown `ACS_LOG` value falls back to `warn`. */
export function resolveLogLevel(option?: LogLevel): LogLevel {
  if (option !== undefined) return option;
  const fromEnv = readEnv('ACS_LOG')?.toLowerCase();
  return isLogLevel(fromEnv) ? fromEnv : 'warn';
}

/**
 * Wraps a logger so messages below `level` are dropped and every message and argument passes through
 * the redaction helper first, whatever the caller put in it.
 */
export function createLogger(target: Logger, level: LogLevel): LevelledLogger {
  const emit =
    (method: Exclude<LogLevel, 'off'>) =>
    (message: string, ...args: unknown[]) => {
      if (level === 'off' || rank(method) < rank(level)) return;
      target[method](`[acs-sdk] ${redactString(message)}`, ...args.map((arg) => redact(arg)));
    };
  return {
    debug: emit('debug'),
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    enabled: (method) => level !== 'off' && rank(method) >= rank(level),
  };
}
