const utf8 = new TextEncoder();

/**
 * A value's JSON as the UTF-8 bytes written to the socket, in a buffer of its own (a small Buffer would share a
 * pool's, which could not be handed to another thread).
 */
export const jsonBytes = (value: unknown): Uint8Array<ArrayBuffer> => utf8.encode(JSON.stringify(value));
