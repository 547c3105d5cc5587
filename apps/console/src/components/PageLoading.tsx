import { Spin } from '@arco-design/web-react';

/** What a page shows while its code or the user's info is on the way. */
export function PageLoading() {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 240, height: '100%' }}>
      <Spin size={28} />
    </div>
  );
}
