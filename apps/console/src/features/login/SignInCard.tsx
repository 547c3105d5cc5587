import type { ReactNode } from 'react';
import { BrandLogo } from '../../components/BrandLogo.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import './login.css';

interface SignInCardProps {
  title: string;
  subtitle: string;
  testId?: string;
  children: ReactNode;
}

/** The card of the sign-in screens (signing in, choosing one's own password), under the language switch. */
export function SignInCard({ title, subtitle, testId, children }: SignInCardProps) {
  return (
    <main className="login-main" data-testid={testId}>
      <div className="login-language">
        <LanguageSwitch showName />
      </div>
      <div className="login-card">
        <div className="login-card-brand">
          <BrandLogo size={40} />
        </div>
        <h1 className="login-title">{title}</h1>
        <p className="login-subtitle">{subtitle}</p>
        {children}
      </div>
    </main>
  );
}
