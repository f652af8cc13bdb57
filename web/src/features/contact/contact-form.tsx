//! The contact form: name, e-mail, subject, message and the captcha.
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { z } from 'zod';
import { AltchaField } from '@/components/form/altcha-field';
import { Field } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { formErrorMessage } from '@/lib/form-error';
import { showToast } from '@/lib/toast';
import { emailSchema } from '@/lib/validation';
import { sendContactMessage } from './contact-api';

const schema = z.object({
  nom: z.string().trim().min(1, 'Indiquez votre nom.').max(100, 'Nom trop long (100 caractères au plus).'),
  email: emailSchema,
  sujet: z.string().trim().min(1, 'Indiquez le sujet de votre message.').max(150, 'Sujet trop long (150 caractères au plus).'),
  message: z.string().trim().min(1, 'Saisissez votre message.').min(10, 'Votre message doit contenir au moins 10 caractères.').max(5000, 'Message trop long (5 000 caractères au plus).'),
  altcha: z.string({ error: 'Veuillez cocher la vérification anti-robot.' }).min(1, 'Veuillez cocher la vérification anti-robot.'),
});
type Values = z.infer<typeof schema>;

export function ContactForm({ subject, onSent }: { subject: string; onSent: (email: string) => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, control, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { nom: '', email: '', sujet: subject, message: '' },
  });
  const { errors } = formState;
  const submit = async (values: Values) => {
    setServerError(null);
    try {
      const answer = await sendContactMessage(values);
      showToast({ severity: 'success', summary: 'Message envoyé', detail: answer.message });
      onSent(values.email);
    } catch (error) {
      setServerError(formErrorMessage(error));
    }
  };
  return (
    <form className="form form-wide" onSubmit={handleSubmit(submit)} noValidate>
      <div className="form-row">
        <Field id="contact-nom" label="Nom" error={errors.nom?.message}>
          <InputText id="contact-nom" autoComplete="name" invalid={!!errors.nom} {...register('nom')} />
        </Field>
        <Field id="contact-email" label="Adresse e-mail" error={errors.email?.message}>
          <InputText id="contact-email" type="email" autoComplete="email" invalid={!!errors.email} {...register('email')} />
        </Field>
      </div>
      <Field id="contact-sujet" label="Sujet" error={errors.sujet?.message}>
        <InputText id="contact-sujet" invalid={!!errors.sujet} {...register('sujet')} />
      </Field>
      <Field id="contact-message" label="Message" error={errors.message?.message} hint="Décrivez votre pièce, la quantité, le matériau souhaité et votre délai.">
        <InputTextarea id="contact-message" rows={7} autoResize invalid={!!errors.message} {...register('message')} />
      </Field>
      <Controller name="altcha" control={control} render={({ field, fieldState }) => <AltchaField onChange={(p) => field.onChange(p ?? '')} error={fieldState.error?.message} />} />
      <FormError message={serverError} />
      <div className="form-actions">
        <Button type="submit" label="Envoyer le message" icon="pi pi-send" loading={formState.isSubmitting} />
      </div>
    </form>
  );
}
