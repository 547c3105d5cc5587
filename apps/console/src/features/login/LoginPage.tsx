import { IconCheckCircleFill } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/BrandLogo.tsx';
import { LoginForm } from './LoginForm.tsx';
import { SignInCard } from './SignInCard.tsx';
import { TrendIllustration } from './TrendIllustration.tsx';
import './login.css';

const features = ['featureReports', 'featureCharts', 'featureDevices'] as const;

export function LoginPage() {
  const { t } = useTranslation(['login', 'common']);
  return (
    <div className="login-page">
      <aside className="login-banner">
        <div className="login-brand">
          <BrandLogo size={36} />
          <span>{t('common:appName')}</span>
        </div>
        <div className="login-banner-body">
          <h2>{t('login:bannerTitle')}</h2>
          <p>{t('login:bannerSubtitle')}</p>
          <TrendIllustration />
          <ul className="login-features">
            {features.map((feature) => (
              <li key={feature}>
                <IconCheckCircleFill />
                {t(`login:${feature}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="login-banner-footer">© {new Date().getFullYear()} {t('common:appName')}</div>
      </aside>
      <SignInCard title={t('login:welcome')} subtitle={t('login:subtitle')}>
        <LoginForm />
      </SignInCard>
    </div>
  );
}
