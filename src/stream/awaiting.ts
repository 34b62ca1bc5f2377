import { finish } from './connection.js';
import { EventQueue } from './event-queue.js';
import type { StreamError } from './errors.js';
import type { StreamLink } from './link.js';
import type { AnyStreamEvent, StreamChannel } from './types.js';

// `ready()` and `for await` of an `AcsStream`: both answer asynchronously, so they wait in the lazily loaded engine.

/** Resolves once the stream is open; rejects with the error that ended it, if it ends first. */
export function whenReady<C extends StreamChannel>(link: StreamLink<C>): Promise<void> {
  if (link.state === 'open') return Promise.resolve();
  if (link.state === 'closed') return Promise.reject(endError(link));
  const emitter = link.emitter;
  return new Promise((resolve, reject) => {
    const onOpen = () => {
      emitter.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      emitter.off('open', onOpen);
      reject(endError(link));
    };
    emitter.once('open', onOpen);
    emitter.once('close', onClose);
  });
}

/** A queue of every event from now on; leaving the loop closes the stream; a closed stream's queue is already over. */
export function iterate<C extends StreamChannel>(link: StreamLink<C>): EventQueue<AnyStreamEvent<C>> {
  const queue = new EventQueue<AnyStreamEvent<C>>(() => {
    link.iterators.delete(queue);
    finish(link, { code: 1000, reason: 'closed by the client' });
  });
  if (link.state === 'closed') {
    const error = link.closeInfo?.error;
    if (error) queue.fail(error);
    else queue.end();
  } else {
    link.iterators.add(queue);
  }
  return queue;
}

function endError<C extends StreamChannel>(link: StreamLink<C>): StreamError {
  const info = link.closeInfo;
  return (
    info?.error ??
    new link.kit.StreamClosedError({ closeCode: info?.code ?? 1000, reason: info?.reason ?? '', message: 'The stream was closed' })
  );
}
