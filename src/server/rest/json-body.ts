const bodies = new WeakMap<object, Uint8Array<ArrayBuffer>>();
const encoder = new TextEncoder();

/**
 * The JSON bytes of an answer. An answer a service hands many readers as the same object (a cached passport's view, a
 * cached model: model-cache.ts) keeps its bytes beside it, made once: a model of 100,000 values is some 14 MB of JSON,
 * tens of milliseconds of `JSON.stringify` and encoding per request. Only an answer that cannot change is kept: one
 * the caller says is shared, or one frozen (a shared answer is frozen to its leaves by whoever shares it).
 */
export function jsonBody(result: unknown, isShared = false): Uint8Array<ArrayBuffer> {
  if (typeof result !== "object" || result === null || !(isShared || Object.isFrozen(result))) {
    return encoder.encode(JSON.stringify(result));
  }
  let body = bodies.get(result);
  if (body === undefined) bodies.set(result, (body = encoder.encode(JSON.stringify(result))));
  return body;
}
