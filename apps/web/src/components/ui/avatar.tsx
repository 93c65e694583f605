import { useState } from 'react';
import defaultAvatar from '@/assets/default-avatar.svg';
import { cn } from '@/utils/cn';

interface AvatarProps {
  src: string | null | undefined;
  /** Accessible name; empty when the avatar sits next to the visible name. */
  alt: string;
  size?: number;
  className?: string;
}

/** A round profile image that falls back to the default image when missing or failing to load. */
export function Avatar({ src, alt, size = 30, className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src ? src : defaultAvatar;
  return (
    <img
      src={usable}
      alt={alt}
      width={size}
      height={size}
      onError={() => setFailed(src ?? null)}
      className={cn('shrink-0 rounded-full bg-surface object-cover', className)}
      style={{ width: size, height: size }}
    />
  );
}
