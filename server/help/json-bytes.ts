const utf8 = new TextEncoder();

/** A value's JSON as the UTF-8 bytes written to the socket (the help centre keeps its answers so). */
export const jsonBytes = (value: unknown): Uint8Array<ArrayBuffer> => utf8.encode(JSON.stringify(value));
