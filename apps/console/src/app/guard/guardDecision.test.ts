import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, Permission } from '@pest/shared';
import { guardDecision, loginPathFor, redirectTarget, type GuardFacts } from './guardDecision.ts';

const anonymous: GuardFacts = { pathname: '/', search: '', hasToken: false, hasUserInfo: false, grants: [] };
const signedIn: GuardFacts = { pathname: '/', search: '', hasToken: true, hasUserInfo: true, grants: ['ROLE_DEFAULT', ...ALL_PERMISSIONS] };

describe('guardDecision without a token', () => {
  it('sends every private path to the login page with the path and query as redirect', () => {
    expect(guardDecision({ ...anonymous, pathname: '/equipment/equipmentDetail', search: '?id=7' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fequipment%2FequipmentDetail%3Fid%3D7',
    });
    expect(guardDecision({ ...anonymous, pathname: '/' })).toEqual({ kind: 'redirect', to: '/login?redirect=%2F' });
  });

  it('sends unknown paths to login too, so nothing about the site leaks', () => {
    expect(guardDecision({ ...anonymous, pathname: '/nope' })).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fnope' });
  });

  it.each(['/login', '/404', '/401'])('lets %s through', (pathname) => {
    expect(guardDecision({ ...anonymous, pathname })).toEqual({ kind: 'allow' });
  });
});

describe('guardDecision with a token', () => {
  it('sends /login to the home page', () => {
    expect(guardDecision({ ...signedIn, pathname: '/login' })).toEqual({ kind: 'redirect', to: '/' });
    expect(guardDecision({ ...signedIn, pathname: '/login', hasUserInfo: false })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends /login to its redirect target, which is how a successful login lands', () => {
    expect(guardDecision({ ...signedIn, pathname: '/login', search: '?redirect=%2FpointCheck%3Fid%3D3' })).toEqual({
      kind: 'redirect',
      to: '/pointCheck?id=3',
    });
    expect(guardDecision({ ...signedIn, pathname: '/login', search: '?redirect=https%3A%2F%2Fevil.example' })).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('asks for user info before opening a private page', () => {
    expect(guardDecision({ ...signedIn, pathname: '/dashboard', hasUserInfo: false })).toEqual({ kind: 'loadUserInfo' });
  });

  it('opens error pages without user info', () => {
    expect(guardDecision({ ...signedIn, pathname: '/404', hasUserInfo: false })).toEqual({ kind: 'allow' });
  });

  it('sends home and a menu group to the first screen the roles allow, not to a refusal', () => {
    const devicesOnly = { ...signedIn, grants: [Permission.devicesView] };
    expect(guardDecision({ ...devicesOnly, pathname: '/' })).toEqual({ kind: 'redirect', to: '/equipment/mouseBox' });
    expect(guardDecision({ ...devicesOnly, pathname: '/equipment' })).toEqual({ kind: 'allow' });
    expect(guardDecision({ ...signedIn, grants: [Permission.customersView], pathname: '/system' })).toEqual({ kind: 'redirect', to: '/customer/list' });
    // The provider's licences are open to every signed-in user.
    expect(guardDecision({ ...signedIn, grants: [], pathname: '/' })).toEqual({ kind: 'redirect', to: '/provider/documents' });
    expect(guardDecision({ ...signedIn, pathname: '/' })).toEqual({ kind: 'allow' });
  });

  it('allows pages once user info is loaded', () => {
    expect(guardDecision({ ...signedIn, pathname: '/statisticalChart/riskTrend' })).toEqual({ kind: 'allow' });
    expect(guardDecision({ ...signedIn, pathname: '/no/such/page' })).toEqual({ kind: 'allow' });
  });
});

describe('loginPathFor and redirectTarget', () => {
  it('round-trips a path with its query', () => {
    const login = new URL(loginPathFor('/pointCheck?id=12&x=a b'), 'http://console');
    expect(redirectTarget(login.searchParams.get('redirect'))).toBe('/pointCheck?id=12&x=a b');
  });

  it('refuses anything that is not a path on this site', () => {
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget('')).toBe('/');
    expect(redirectTarget('https://evil.example/')).toBe('/');
    expect(redirectTarget('//evil.example/')).toBe('/');
    expect(redirectTarget('/\\evil.example')).toBe('/');
    expect(redirectTarget('javascript:alert(1)')).toBe('/');
  });

  it('never redirects back to the login page', () => {
    expect(redirectTarget('/login?redirect=%2F')).toBe('/');
  });
});
