import { Camera } from 'lucide-react';
import { useRef } from 'react';
import { LIMITS, ko } from '@otboo/contract';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { useFilePreview } from '@/hooks/use-file-preview';
import { firstImage } from '@/utils/image-file';

/** An avatar is an image of at most 5 MB (docs/product.md §5). */
const AVATAR_LIMIT = { maxBytes: LIMITS.profileImageMaxBytes, tooLarge: ko.validation.avatarTooLarge };

interface AvatarPickerProps {
  currentUrl: string | null;
  file: File | null;
  onChange(file: File): void;
  onReject(message: string): void;
}

/** The avatar with a change button; shows the chosen file before it is saved. */
export function AvatarPicker({ currentUrl, file, onChange, onReject }: AvatarPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const previewUrl = useFilePreview(file);

  return (
    <div className="flex items-center gap-5">
      <Avatar
        src={previewUrl ?? currentUrl}
        alt={ko.profile.avatarAlt}
        size={88}
        className="ring-4 ring-surface"
      />
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
          const { file: chosen, error } = firstImage(e.target.files, AVATAR_LIMIT);
          e.target.value = '';
          if (error) onReject(error);
          else if (chosen) onChange(chosen);
        }}
      />
    </div>
  );
}
