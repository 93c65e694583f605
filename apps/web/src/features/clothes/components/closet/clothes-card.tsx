import { ImageOff, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { ko, type ClothesDto } from '@otboo/contract';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/utils/cn';

interface ClothesCardProps {
  clothes: ClothesDto;
  /** Only the owner gets the edit/delete menu (spec §6). */
  editable: boolean;
  onEdit(clothes: ClothesDto): void;
  onDelete(clothes: ClothesDto): void;
}

/** One garment in the closet grid: photo (or a no-image placeholder), type, name and attribute chips. */
export function ClothesCard({ clothes, editable, onEdit, onDelete }: ClothesCardProps) {
  return (
    <article
      aria-label={clothes.name}
      className="group flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white transition-shadow hover:shadow-md"
    >
      <div className="relative aspect-square bg-surface-soft">
        <ClothesImage src={clothes.thumbnailUrl ?? clothes.imageUrl} alt={clothes.name} />
        {editable ? <ClothesMenu clothes={clothes} onEdit={onEdit} onDelete={onDelete} /> : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center gap-2">
          <Badge tone="brand">{ko.clothes.types[clothes.type]}</Badge>
        </div>
        <h3 className="truncate text-[15px] font-bold text-ink" title={clothes.name}>
          {clothes.name}
        </h3>
        {clothes.attributes.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={ko.clothes.attributes}>
            {clothes.attributes.map((attribute) => (
              <li
                key={attribute.definitionId}
                title={`${attribute.definitionName}: ${attribute.value}`}
                className="rounded-full bg-surface px-2.5 py-1 text-xs text-ink-soft"
              >
                <span className="sr-only">{attribute.definitionName} </span>
                {attribute.value}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}

/** The photo, or the placeholder when there is none or it fails to load. */
function ClothesImage({ src, alt }: { src: string | null; alt: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <div
        className="flex size-full flex-col items-center justify-center gap-2 text-ink-muted"
        role="img"
        aria-label={`${alt} ${ko.common.noImage}`}
      >
        <ImageOff className="size-8" aria-hidden />
        <span className="text-xs font-bold tracking-wide uppercase">{ko.common.noImage}</span>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(src)}
      className="size-full object-cover"
    />
  );
}

function ClothesMenu({
  clothes,
  onEdit,
  onDelete,
}: Pick<ClothesCardProps, 'clothes' | 'onEdit' | 'onDelete'>) {
  const item =
    'flex h-10 cursor-pointer items-center gap-2.5 rounded-lg px-3 text-[15px] outline-none select-none data-highlighted:bg-surface';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={ko.clothes.menuOf(clothes.name)}
        className={cn(
          'absolute top-2.5 right-2.5 flex size-9 items-center justify-center rounded-full bg-white/90 text-ink-soft shadow-sm backdrop-blur',
          'hover:bg-white hover:text-ink data-[state=open]:bg-white',
        )}
      >
        <MoreHorizontal className="size-5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-30 w-36 rounded-2xl border border-line bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Item className={cn(item, 'text-ink')} onSelect={() => onEdit(clothes)}>
            <Pencil className="size-4 text-ink-muted" aria-hidden />
            {ko.common.edit}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={cn(item, 'text-red-600')} onSelect={() => onDelete(clothes)}>
            <Trash2 className="size-4" aria-hidden />
            {ko.common.delete}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** A card-shaped placeholder while the closet loads. */
export function ClothesCardSkeleton() {
  return (
    <div
      aria-hidden
      className="flex animate-pulse flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white"
    >
      <div className="aspect-square bg-surface" />
      <div className="flex flex-col gap-2.5 p-4">
        <div className="h-5 w-12 rounded-full bg-surface" />
        <div className="h-4 w-3/4 rounded bg-surface" />
        <div className="flex gap-1.5">
          <div className="h-5 w-10 rounded-full bg-surface" />
          <div className="h-5 w-12 rounded-full bg-surface" />
        </div>
      </div>
    </div>
  );
}
