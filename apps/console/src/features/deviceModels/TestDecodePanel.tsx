import { useState } from 'react';
import { Button, Input, InputNumber } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { DeviceModelEndpoints, DeviceModelLimits, type DecodeResult } from '@pest/shared';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { parsePayload } from '../../widgets/deviceUplinks/payloadBytes.ts';
import { readingText } from '../../widgets/deviceUplinks/readingText.ts';

/**
 * 试解码: the codec being edited, run by the server in the same sandbox and limits as a real
 * uplink, on a payload pasted from the network server's console. Nothing is saved.
 */
export function TestDecodePanel({ codec }: { codec: string }) {
  const { t } = useTranslation(['connectivity']);
  const [text, setText] = useState('');
  const [fPort, setFPort] = useState(1);
  const [result, setResult] = useState<DecodeResult | null>(null);
  const decoding = useEndpointMutation(DeviceModelEndpoints.testDecode);
  const payload = parsePayload(text, DeviceModelLimits.payloadBytes);

  // Nothing is said about an empty box; a text that is no payload, or no codec to run, is said at once.
  const problem = (() => {
    if (payload.ok) return codec.trim() === '' ? t('connectivity:codecEmpty') : null;
    if (payload.problem === 'empty') return null;
    if (payload.problem === 'tooLong') return t('connectivity:payloadTooLong', { max: DeviceModelLimits.payloadBytes });
    return t('connectivity:payloadUnreadable');
  })();
  // Say which reading was made of the text: "0102" could be either, and hex wins.
  const reading = payload.ok ? t(payload.format === 'hex' ? 'connectivity:readAsHex' : 'connectivity:readAsBase64', { hex: payload.hex }) : null;

  const run = () => {
    if (!payload.ok || codec.trim() === '') return;
    decoding.mutate({ codec, fPort, bytesBase64: payload.base64 }, { onSuccess: setResult });
  };

  return (
    <div className="device-models-test" data-testid="device-model-test">
      <p className="device-models-hint">{t('connectivity:testDecodeHint')}</p>
      <div className="device-models-test-input">
        <Input
          value={text}
          onChange={(next) => {
            setText(next);
            setResult(null);
          }}
          placeholder={t('connectivity:payloadInput')}
          aria-label={t('connectivity:payloadInput')}
          data-testid="device-model-test-payload"
        />
        <InputNumber
          className="device-models-test-port"
          value={fPort}
          min={0}
          max={255}
          precision={0}
          prefix={t('connectivity:fPort')}
          onChange={(next?: number) => setFPort(next ?? 0)}
          aria-label={t('connectivity:fPort')}
          data-testid="device-model-test-fport"
        />
        <Button type="primary" loading={decoding.isPending} disabled={!payload.ok || problem !== null} onClick={run} data-testid="device-model-test-run">
          {t('connectivity:runDecode')}
        </Button>
      </div>
      {problem !== null && (
        <p className="device-models-result-error" role="alert" data-testid="device-model-test-problem">
          {problem}
        </p>
      )}
      {reading !== null && <p className="device-models-hint">{reading}</p>}
      {result && <DecodeResultView result={result} />}
    </div>
  );
}

function DecodeResultView({ result }: { result: DecodeResult }) {
  const { t } = useTranslation(['connectivity']);
  return (
    <div data-testid="device-model-test-result">
      {result.data && (
        <p>
          {t('connectivity:decoded')}: <span data-testid="device-model-test-reading">{readingText(t, result.data)}</span>
        </p>
      )}
      {result.errors.length > 0 && (
        <div className="device-models-result-error" data-testid="device-model-test-errors">
          {t('connectivity:decodeErrors')}:
          <ul>
            {result.errors.map((error, index) => (
              <li key={index}>{error}</li>
            ))}
          </ul>
        </div>
      )}
      {result.warnings.length > 0 && (
        <div data-testid="device-model-test-warnings">
          {t('connectivity:decodeWarnings')}:
          <ul>
            {result.warnings.map((warning, index) => (
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
