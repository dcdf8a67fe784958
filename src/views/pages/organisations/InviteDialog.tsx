// Invites a user into an organisation: name, email, role, and whether the invitation mail is sent; when it is
// not, the link is shown to hand over.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useInviteToOrganisation } from '../../../services/queries/organisations';
import { CheckboxField, SelectField, TextField } from '../../components/fields';
import { FormDialog } from '../../components/FormDialog';
import { refusalKey } from '../../components/refusal';
import { useNotify } from '../../components/use-notify';

const inviteFormSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(120, 'validation.tooLong'),
  email: z.email('validation.email').max(254, 'validation.tooLong'),
  role: z.enum(['agent', 'supervisor']),
});
type InviteForm = z.infer<typeof inviteFormSchema>;

/**
 * The refusals of an invitation said on the email field. 409: the address already has an account in this
 * organisation (server/auth/invitations.ts, "A user with this email already exists").
 */
const emailRefusals = { 409: 'refusals.inviteDuplicate' };

export function InviteDialog({ organisationId, onClose }: { organisationId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const invite = useInviteToOrganisation(organisationId);
  const [sendEmail, setSendEmail] = useState(true);
  const [link, setLink] = useState<string | null>(null);
  const form = useForm<InviteForm>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { name: '', email: '', role: 'agent' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    invite.mutate(
      { ...values, sendEmail },
      {
        onSuccess: (result) => {
          if (result.invitation_url) {
            setLink(result.invitation_url);
          } else {
            notify.success('invite.sent');
            onClose();
          }
        },
        onError: (error) => {
          const refusal = refusalKey(error, emailRefusals);
          if (refusal) form.setError('email', { message: refusal }, { shouldFocus: true });
          else notify.failure('invite.failed', error);
        },
      },
    ),
  );

  if (link) {
    return (
      <FormDialog
        open
        title={t('invite.linkTitle')}
        submitLabel={t('invite.copy')}
        closeLabel={t('common.close')}
        pending={false}
        onClose={onClose}
        onSubmit={(event) => {
          event.preventDefault();
          // The clipboard exists only on secure pages (https or localhost); elsewhere say so instead of failing.
          Promise.resolve()
            .then(() => navigator.clipboard.writeText(link))
            .then(() => notify.success('invite.copied'))
            .catch(() => notify.error('invite.copyFailed'));
        }}
      >
        <p className="text-sm text-gray-600">{t('invite.linkBody')}</p>
        <TextField
          label={t('invite.link')}
          value={link}
          readOnly
          onFocus={(event) => event.target.select()}
        />
      </FormDialog>
    );
  }

  return (
    <FormDialog
      open
      title={t('invite.title')}
      submitLabel={t('invite.submit')}
      pending={invite.isPending}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <TextField
        label={t('invite.name')}
        autoComplete="off"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label={t('invite.email')}
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <SelectField
        label={t('invite.role')}
        options={[
          { value: 'agent', label: t('profile.roles.agent') },
          { value: 'supervisor', label: t('profile.roles.supervisor') },
        ]}
        {...form.register('role')}
      />
      <CheckboxField label={t('invite.sendEmail')} checked={sendEmail} onChange={setSendEmail} />
    </FormDialog>
  );
}
