import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { ko } from '@otboo/contract';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? ko.auth.hidePassword : ko.auth.showPassword}
          aria-pressed={visible}
          className="flex size-9 items-center justify-center rounded-lg text-ink-muted hover:bg-surface hover:text-ink-soft"
        >
          <Icon className="size-5" aria-hidden />
        </button>
      }
    />
  );
}
