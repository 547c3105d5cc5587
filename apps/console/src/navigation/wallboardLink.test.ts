import { describe, expect, it } from 'vitest';
import { displayLinkUrl, wallboardLink } from './wallboardLink.ts';

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

describe('displayLinkUrl', () => {
  it('makes the TV’s absolute address with the token as ?display=', () => {
    expect(displayLinkUrl('/wallboard/', 'https://pest.example', 'dl_a+b')).toBe('https://pest.example/wallboard/?display=dl_a%2Bb');
  });

  it('keeps a wallboard on a host of its own', () => {
    expect(displayLinkUrl('https://screen.example/?theme=dark', 'https://pest.example', 'dl_x')).toBe('https://screen.example/?theme=dark&display=dl_x');
  });
});
