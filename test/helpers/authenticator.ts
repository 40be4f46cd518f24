/**
 * A passkey authenticator in software, for the API tests (the browser tests use Chromium's
 * virtual authenticator): an ES256 key pair, and the answers a browser sends for it, made
 * as WebAuthn says (authenticator data, client data, a "none" attestation encoded as CBOR
 * by SimpleWebAuthn's own helper, a DER signature over both).
 */
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** UP (user present) and UV (user verified); AT (attested credential data follows) for a new one. */
const PRESENT_AND_VERIFIED = 0x01 | 0x04;
const ATTESTED = 0x40;

export interface SoftAuthenticator {
  credentialId: string;
  /** The answer to `POST /auth/passkeys/options`, as `startRegistration` would send it. */
  register(options: { challenge: string; rp: { id?: string } }, origin?: string): Record<string, unknown>;
  /** The answer to `POST /auth/passkey-login/options`, as `startAuthentication` would send it; `origin` may be another site's. */
  signIn(options: { challenge: string; rpId?: string }, origin?: string): Record<string, unknown>;
}

export function softAuthenticator(origin = 'http://localhost'): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x, y } = publicKey.export({ format: 'jwk' });
  const id = randomBytes(16);
  let counter = 0;
  const counterBytes = () => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(++counter);
    return bytes;
  };
  // The COSE key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
  const cose = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(x!, 'base64url')],
    [-3, Buffer.from(y!, 'base64url')],
  ]);
  const clientData = (type: string, challenge: string, at: string) => Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }));
  return {
    credentialId: b64url(id),
    register(options, at = origin) {
      const rpId = options.rp.id ?? new URL(at).hostname;
      const length = Buffer.alloc(2);
      length.writeUInt16BE(id.length);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([PRESENT_AND_VERIFIED | ATTESTED]), counterBytes(), Buffer.alloc(16), length, id, Buffer.from(isoCBOR.encode(cose))]);
      const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        response: { clientDataJSON: b64url(clientData('webauthn.create', options.challenge, at)), attestationObject: b64url(attestationObject), transports: ['internal'] },
        clientExtensionResults: {},
      };
    },
    signIn(options, at = origin) {
      const rpId = options.rpId ?? new URL(at).hostname;
      const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([PRESENT_AND_VERIFIED]), counterBytes()]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, at);
      const signature = createSign('SHA256').update(Buffer.concat([authenticatorData, sha256(clientDataJSON)])).sign(privateKey);
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature) },
        clientExtensionResults: {},
      };
    },
  };
}
