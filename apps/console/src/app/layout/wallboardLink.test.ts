import { describe, expect, it } from 'vitest';
import { wallboardLink } from './wallboardLink.ts';

describe('wallboardLink', () => {
  it('appends token and phone', () => {
    expect(wallboardLink('/wallboard/', 'abc', '13800000001')).toBe('/wallboard/?token=abc&phone=13800000001');
  });

  it('keeps an existing query and hash', () => {
    expect(wallboardLink('https://screen.example/?theme=dark#/home', 't', 'admin')).toBe(
      'https://screen.example/?theme=dark&token=t&phone=admin#/home',
    );
  });

  it('encodes values', () => {
    expect(wallboardLink('/wallboard/', 'a+b/c=', 'x&y')).toBe('/wallboard/?token=a%2Bb%2Fc%3D&phone=x%26y');
  });
});
