import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A software authenticator for server tests: what a phone or security key answers to WebAuthn
// options (ES256, "none" attestation, user verification flag as asked). The browser journeys use
// Chromium's virtual authenticator instead (e2e/test/passkeys.test.ts).

const b64url = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

/** authenticatorData: RP id hash, flags (UP, UV, AT), signature counter, and for a new credential its data. */
function authenticatorData(rpId: string, flags: { uv: boolean; attested?: Buffer }, counter: number): Buffer {
  const f = 0x01 | (flags.uv ? 0x04 : 0) | (flags.attested ? 0x40 : 0);
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([f]), count, flags.attested ?? Buffer.alloc(0)]);
}

export interface SoftPasskey {
  id: string;
  rpId: string;
  origin: string;
  privateKey: KeyObject;
  counter: number;
}

type Options = { challenge: string; rp?: { id?: string }; rpId?: string };

/** Creates a credential for registration `options`: the RegistrationResponseJSON a browser returns. */
export function createPasskey(options: Record<string, unknown>, origin: string, opts: { uv?: boolean } = {}): { passkey: SoftPasskey; response: Record<string, unknown> } {
  const o = options as unknown as Options;
  const rpId = o.rp?.id ?? 'localhost';
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x ?? '', 'base64url')],
    [-3, Buffer.from(jwk.y ?? '', 'base64url')],
  ]);
  const credentialId = randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, Buffer.from(isoCBOR.encode(cose))]);
  const authData = authenticatorData(rpId, { uv: opts.uv ?? true, attested }, 0);
  const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: o.challenge, origin, crossOrigin: false }));
  const id = b64url(credentialId);
  return {
    passkey: { id, rpId, origin, privateKey, counter: 0 },
    response: {
      id, rawId: id, type: 'public-key', clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
    },
  };
}

/** Answers authentication `options` with `passkey`: the AuthenticationResponseJSON a browser returns. */
export function assert(passkey: SoftPasskey, options: Record<string, unknown>, opts: { uv?: boolean; origin?: string } = {}): Record<string, unknown> {
  const o = options as unknown as Options;
  passkey.counter += 1;
  const authData = authenticatorData(o.rpId ?? passkey.rpId, { uv: opts.uv ?? true }, passkey.counter);
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: o.challenge, origin: opts.origin ?? passkey.origin, crossOrigin: false }));
  const signature = createSign('SHA256').update(Buffer.concat([authData, sha256(clientDataJSON)])).sign(passkey.privateKey);
  return {
    id: passkey.id, rawId: passkey.id, type: 'public-key', clientExtensionResults: {},
    response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: '' },
  };
}
