/** Content-hashed build output, its source map and its .gz/.br: a name that always has the same bytes. */
export declare const HASHED: RegExp;
/** `public, max-age=31536000, immutable` */
export declare const IMMUTABLE: string;
/** The Cache-Control of a built file (or of the .br/.gz sibling sent for it); undefined: neither rule names it. */
export declare function cacheControl(name: string): string | undefined;
