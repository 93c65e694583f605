import { createECDH } from 'node:crypto';
import webpush from 'web-push';

/** The application server's VAPID identity (RFC 8292): a P-256 key pair, base64url, and a contact. */
export interface VapidKeys {
  /** Uncompressed point, 65 bytes: what browsers take as `applicationServerKey`. */
  publicKey: string;
  /** The 32-byte private scalar. */
  privateKey: string;
  /** `mailto:` or `https:` contact sent in every token's `sub`. */
  subject: string;
}

export interface VapidConfig {
  publicKey: string | undefined;
  privateKey: string | undefined;
  subject: string;
}

/** The public key that belongs to a private one; throws for a private key that is not a P-256 scalar. */
function publicKeyOf(privateKey: string): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return ecdh.getPublicKey().toString('base64url');
}

function checked(
  keys: { publicKey: string; privateKey: string },
  where: string,
): { publicKey: string; privateKey: string } {
  let derived: string;
  try {
    if (Buffer.from(keys.privateKey, 'base64url').length !== 32) throw new Error('length');
    derived = publicKeyOf(keys.privateKey);
  } catch {
    throw new Error(`${where}: VAPID_PRIVATE_KEY is not a base64url P-256 private key (32 bytes)`);
  }
  if (derived !== keys.publicKey.replace(/=+$/, ''))
    throw new Error(`${where}: VAPID_PUBLIC_KEY does not belong to VAPID_PRIVATE_KEY`);
  return { publicKey: derived, privateKey: keys.privateKey.replace(/=+$/, '') };
}

/**
 * Kept like the JWT secret (docs/configuration.md): `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY` when configured,
 * otherwise a pair generated once and stored through `ensureSecret` (the database's app secrets), so every
 * instance on one database signs with the same key and browsers' subscriptions survive restarts.
 */
export async function loadVapidKeys(
  config: VapidConfig,
  ensureSecret: (candidate: string) => Promise<string>,
): Promise<VapidKeys> {
  if (config.publicKey && config.privateKey) {
    return {
      ...checked({ publicKey: config.publicKey, privateKey: config.privateKey }, 'configuration'),
      subject: config.subject,
    };
  }
  const stored = JSON.parse(await ensureSecret(JSON.stringify(webpush.generateVAPIDKeys()))) as {
    publicKey: string;
    privateKey: string;
  };
  return { ...checked(stored, 'stored VAPID keys'), subject: config.subject };
}
