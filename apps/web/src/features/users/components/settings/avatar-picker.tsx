import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { LIMITS, ko } from '@otboo/contract';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';

/** Why a chosen avatar file is refused, or null (spec §5: an image of at most 5 MB). */
export function avatarFileError(file: File): string | null {
  if (!file.type.startsWith('image/')) return ko.validation.avatarNotImage;
  if (file.size > LIMITS.profileImageMaxBytes) return ko.validation.avatarTooLarge;
  return null;
}

interface AvatarPickerProps {
  currentUrl: string | null;
  file: File | null;
  onChange(file: File): void;
  onReject(message: string): void;
}

/** The avatar with a change button; shows the chosen file before it is saved. */
export function AvatarPicker({ currentUrl, file, onChange, onReject }: AvatarPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);

  // A data: URL (allowed by the page's CSP) previews the chosen file until it is saved.
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setPreview({ file, url: String(reader.result) });
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  const previewUrl = file && preview?.file === file ? preview.url : null;

  return (
    <div className="flex items-center gap-5">
      <Avatar src={previewUrl ?? currentUrl} alt={ko.profile.avatarAlt} size={88} className="ring-4 ring-surface" />
      <div className="flex flex-col gap-2">
        <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
          <Camera className="size-4" aria-hidden />
          {ko.profile.changeAvatar}
        </Button>
        <p className="text-[13px] text-ink-muted">{ko.profile.avatarHint}</p>
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label={ko.profile.changeAvatar}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          e.target.value = '';
          if (!chosen) return;
          const error = avatarFileError(chosen);
          if (error) onReject(error);
          else onChange(chosen);
        }}
      />
    </div>
  );
}
