import { createHash, randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, SignJWT } from 'jose';
import type { JWK } from 'jose';
import { nowIso } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import type { CertificateRow, CertificationRow } from '../../db/schema-certifications';

/**
 * Open Badges 3.0 credentials (decision 032): each certificate as an OpenBadgeCredential, a W3C
 * verifiable credential signed as a VC-JWT (RS256) with the portal's own key pair. The public key is
 * published at the portal's /.well-known/jwks.json; revocation is a BitstringStatusList credential
 * in which a certificate's bit (its id) is set once it is revoked.
 */
export const CREDENTIAL_ALG = 'RS256';
export const VC_JWT_MEDIA_TYPE = 'application/vc+jwt';
/** The smallest bitstring the status list spec allows (16 KB), so a list tells little about volume. */
const MIN_STATUS_LIST_BITS = 131_072;

const trimmed = (baseUrl: string) => baseUrl.replace(/\/+$/, '');
export const jwksUrl = (baseUrl: string) => `${trimmed(baseUrl)}/.well-known/jwks.json`;
export const statusListUrl = (baseUrl: string) => `${trimmed(baseUrl)}/credentials/status-list`;

interface SigningKey {
  kid: string;
  publicJwk: JWK;
  privateJwk: JWK;
}

/** The portal's signing key, made on first use; two first uses at once keep the one stored first. */
export async function portalSigningKey(db: Executor, scope: PortalScope): Promise<SigningKey> {
  const read = () =>
    db.selectFrom('portal_signing_keys').selectAll().where('portal_id', '=', scope).executeTakeFirst();
  let row = await read();
  if (!row) {
    const { publicKey, privateKey } = await generateKeyPair(CREDENTIAL_ALG, {
      extractable: true,
      modulusLength: 2048,
    });
    const publicJwk = await exportJWK(publicKey);
    const privateJwk = await exportJWK(privateKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    await db
      .insertInto('portal_signing_keys')
      .values({
        portal_id: scope,
        kid,
        public_jwk: JSON.stringify({ ...publicJwk, kid, alg: CREDENTIAL_ALG, use: 'sig' }),
        private_jwk: JSON.stringify({ ...privateJwk, kid, alg: CREDENTIAL_ALG }),
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column('portal_id').doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error('The portal signing key could not be stored.');
  return {
    kid: row.kid,
    publicJwk: JSON.parse(row.public_jwk) as JWK,
    privateJwk: JSON.parse(row.private_jwk) as JWK,
  };
}

/** The JSON Web Key Set of the portal: its public credential key. */
export async function portalJwks(db: Executor, scope: PortalScope): Promise<{ keys: JWK[] }> {
  const key = await portalSigningKey(db, scope);
  return { keys: [key.publicJwk] };
}

async function sign(key: SigningKey, payload: Record<string, unknown>, claims: { iss: string; jti: string }) {
  const privateKey = await importJWK(key.privateJwk, CREDENTIAL_ALG);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: CREDENTIAL_ALG, kid: key.kid, typ: 'vc+jwt' })
    .setIssuer(claims.iss)
    .setJti(claims.jti)
    .setIssuedAt()
    .sign(privateKey);
}

const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

export interface CredentialInput {
  certificate: CertificateRow;
  certification: CertificationRow;
  certificationName: string;
  certificationDescription: string | null;
  holderEmail: string;
  portalName: string;
  baseUrl: string;
  verifyUrl: string;
}

/** The OpenBadgeCredential of a certificate (unsigned). */
export function openBadgeCredential(input: CredentialInput): Record<string, unknown> {
  const base = trimmed(input.baseUrl);
  const issuer = `${base}/`;
  // The holder is named by a salted hash of the e-mail address, as Open Badges recommends.
  const salt = randomBytes(8).toString('hex');
  const identityHash = `sha256$${createHash('sha256')
    .update(input.holderEmail.trim().toLowerCase() + salt)
    .digest('hex')}`;
  const list = statusListUrl(input.baseUrl);
  return {
    '@context': [
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ],
    id: input.verifyUrl,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: input.certificationName,
    issuer: { id: issuer, type: ['Profile'], name: input.portalName, url: issuer },
    validFrom: input.certificate.issued_at,
    ...(input.certificate.expires_at ? { validUntil: input.certificate.expires_at } : {}),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        { type: 'IdentityObject', identityType: 'emailAddress', hashed: true, identityHash, salt },
      ],
      achievement: {
        id: `${base}/achievements/${input.certification.id}`,
        type: ['Achievement'],
        name: input.certificationName,
        description: input.certificationDescription ?? input.certificationName,
        criteria: { narrative: input.certificationDescription ?? input.certificationName },
        creator: { id: issuer, type: ['Profile'], name: input.portalName },
      },
    },
    credentialStatus: {
      id: `${list}#${input.certificate.id}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(input.certificate.id),
      statusListCredential: list,
    },
  };
}

/** The credential signed as a VC-JWT: the credential is the payload, with iss, jti, nbf and exp. */
export async function signedOpenBadgeCredential(
  db: Executor,
  scope: PortalScope,
  input: CredentialInput,
): Promise<string> {
  const key = await portalSigningKey(db, scope);
  const credential = openBadgeCredential(input);
  const payload: Record<string, unknown> = { ...credential, nbf: seconds(input.certificate.issued_at) };
  if (input.certificate.expires_at) payload.exp = seconds(input.certificate.expires_at);
  return sign(key, payload, { iss: `${trimmed(input.baseUrl)}/`, jti: input.verifyUrl });
}

/** Bits in status list order: index 0 is the most significant bit of the first byte. */
export function encodeStatusList(revokedIndexes: number[]): string {
  const highest = revokedIndexes.reduce((max, index) => Math.max(max, index), 0);
  const bits = Math.max(MIN_STATUS_LIST_BITS, Math.ceil((highest + 1) / 8) * 8);
  const bytes = Buffer.alloc(bits / 8);
  for (const index of revokedIndexes) bytes[index >> 3]! |= 0x80 >> (index & 7);
  return `u${gzipSync(bytes).toString('base64url')}`;
}

/** The portal's revocation list as a signed BitstringStatusListCredential. */
export async function signedStatusList(
  db: Executor,
  scope: PortalScope,
  portal: { baseUrl: string },
): Promise<string> {
  const revoked = await db
    .selectFrom('certificates')
    .select('id')
    .where('portal_id', '=', scope)
    .where('status', '=', 'revoked')
    .execute();
  const url = statusListUrl(portal.baseUrl);
  const issuer = `${trimmed(portal.baseUrl)}/`;
  const key = await portalSigningKey(db, scope);
  const credential = {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id: url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer,
    validFrom: nowIso(),
    credentialSubject: {
      id: `${url}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: encodeStatusList(revoked.map((row) => row.id)),
    },
  };
  return sign(key, credential, { iss: issuer, jti: url });
}
