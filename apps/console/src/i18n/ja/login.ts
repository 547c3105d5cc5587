import type { Resources } from '../zh/index.ts';

const login: Resources['login'] = {
  welcome: 'ようこそ',
  subtitle: 'アカウントとパスワードでログインしてください',
  account: 'アカウント',
  accountPlaceholder: 'アカウントを入力',
  password: 'パスワード',
  passwordPlaceholder: 'パスワードを入力',
  showPassword: 'パスワードを表示',
  hidePassword: 'パスワードを隠す',
  capsLockOn: 'Caps Lock がオンです',
  submit: 'ログイン',
  bannerTitle: 'データで支えるプロの害虫防除',
  bannerSubtitle: 'サービス報告、害虫の推移、スマート機器の監視を店舗ごとに一元管理。',
  featureReports: 'サービス報告と点検データをいつでも確認',
  featureCharts: '害虫とリスクの推移を多角的に集計',
  featureDevices: 'スマート捕鼠器のオンライン監視とアラーム',
  accountRequired: '正しいアカウントを入力してください',
  passwordTooShort: 'パスワードは6文字以上で入力してください',
};

export default login;
