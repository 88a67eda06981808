/** BIP174's magic bytes: 'psbt' then 0xff, how a binary PSBT file begins. */
const PSBT_MAGIC = [0x70, 0x73, 0x62, 0x74, 0xff];

/** Larger than any signed payout (the contract takes 200,000 characters): not read into the page. */
export const SIGNED_FILE_LIMIT = 1_000_000;

/**
 * A signed file as the server takes it: a binary PSBT (what most offline wallets save) in base64;
 * anything else (a base64 PSBT, an EIP-1559 transaction in 0x hex) as its text, trimmed.
 */
export async function signedTextOf(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!PSBT_MAGIC.every((b, i) => bytes[i] === b)) return new TextDecoder().decode(bytes).trim();
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
