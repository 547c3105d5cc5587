import { Button, Input } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { CustomerLimits } from '@pest/shared';
import { newContact, type ContactValues } from './customerForm.ts';

interface ContactsFieldProps {
  value: ContactValues[];
  onChange(contacts: ContactValues[]): void;
}

/** The people to call at a node, a row each: name and phone. */
export function ContactsField({ value, onChange }: ContactsFieldProps) {
  const { t } = useTranslation(['customers']);
  const set = (key: number, patch: Partial<ContactValues>) => onChange(value.map((contact) => (contact.key === key ? { ...contact, ...patch } : contact)));
  return (
    <div className="customers-contact-rows" data-testid="customer-contacts">
      {value.map((contact, index) => (
        <div className="customers-contact-row" key={contact.key}>
          <Input
            aria-label={`${t('customers:contactName')} ${index + 1}`}
            placeholder={t('customers:contactName')}
            value={contact.name}
            maxLength={CustomerLimits.contactName}
            onChange={(name) => set(contact.key, { name })}
            data-testid="customer-contact-name"
          />
          <Input
            aria-label={`${t('customers:contactPhone')} ${index + 1}`}
            placeholder={t('customers:contactPhone')}
            value={contact.phone}
            maxLength={CustomerLimits.contactPhone}
            onChange={(phone) => set(contact.key, { phone })}
            data-testid="customer-contact-phone"
          />
          <Button
            icon={<IconDelete />}
            aria-label={t('customers:removeContact')}
            onClick={() => onChange(value.filter((other) => other.key !== contact.key))}
            data-testid="customer-contact-remove"
          />
        </div>
      ))}
      {value.length < CustomerLimits.contacts && (
        <Button type="dashed" long icon={<IconPlus />} onClick={() => onChange([...value, newContact()])} data-testid="customer-contact-add">
          {t('customers:addContact')}
        </Button>
      )}
    </div>
  );
}
