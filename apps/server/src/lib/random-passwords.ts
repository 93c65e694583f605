import { randomInt } from 'node:crypto';

// No look-alike characters (0/O, 1/l/I): these passwords are read from an e-mail or a log and typed.
const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const ALPHABET = LETTERS + DIGITS;

/**
 * A random password (≈ 5.7 bits per character) that also passes the contract's password rule (a letter and
 * a digit), so every client-side check accepts it. Used for temporary and generated admin passwords.
 */
export function randomPassword(length: number): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < length; i++) password += ALPHABET[randomInt(ALPHABET.length)];
    if (/[A-Za-z]/.test(password) && /\d/.test(password)) return password;
  }
}
