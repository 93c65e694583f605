import {
  Archive,
  Handshake,
  MoreHorizontal,
  Pencil,
  Scissors,
  Sparkles,
  Trash2,
  WashingMachine,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { ko, type AvailabilityState, type ClothesDto } from '@otboo/contract';
import { ClothesTile } from '@/components/ui/clothes-tile';
import { AvailabilityBadge } from '@/features/clothes/components/life/availability-badge';
import { isAway } from '@/features/clothes/utils/clothes-life';
import { cn } from '@/utils/cn';

interface ClothesCardProps {
  clothes: ClothesDto;
  /** Only the owner gets the edit/delete menu (docs/product.md §6). */
  editable: boolean;
  onEdit(clothes: ClothesDto): void;
  onDelete(clothes: ClothesDto): void;
  /** One tap marks the piece away today, or available again (docs/api.md §10); the owner's menu offers it. */
  onAvailability?(clothes: ClothesDto, state: AvailabilityState): void;
  /** Opens the archive question ('보관함으로 옮기기'). */
  onArchive?(clothes: ClothesDto): void;
  /** Opens the garment page (docs/product.md §2 "Closet"); the select mode ticks instead. */
  onOpen?(clothes: ClothesDto): void;
  /** The closet's select mode (batch edit, docs/api.md §9.6): a checkbox over the photo instead of the menu. */
  selection?: { selected: boolean; onToggle(clothes: ClothesDto): void };
}

/** One garment in the closet grid: the shared tile, with the edit/delete menu over the owner's photos. */
export function ClothesCard({
  clothes,
  editable,
  onEdit,
  onDelete,
  onAvailability,
  onArchive,
  onOpen,
  selection,
}: ClothesCardProps) {
  if (selection) {
    return (
      <div
        className={cn(
          'h-full rounded-[var(--radius-card)]',
          selection.selected && 'ring-3 ring-brand-500 ring-offset-2',
        )}
      >
        <ClothesTile
          clothes={clothes}
          overlay={
            // The whole photo is the checkbox's label, so a tap anywhere on it ticks the garment.
            <label className="absolute inset-0 cursor-pointer">
              <input
                type="checkbox"
                checked={selection.selected}
                onChange={() => selection.onToggle(clothes)}
                aria-label={ko.clothes.batch.selectOf(clothes.name)}
                className="absolute top-3 left-3 size-6 cursor-pointer accent-brand-600"
              />
            </label>
          }
        />
      </div>
    );
  }
  return (
    <ClothesTile
      clothes={clothes}
      overlay={
        <>
          <AvailabilityBadge clothes={clothes} />
          {editable ? (
            <ClothesMenu
              clothes={clothes}
              onEdit={onEdit}
              onDelete={onDelete}
              onAvailability={onAvailability}
              onArchive={onArchive}
            />
          ) : null}
        </>
      }
      onOpen={
        onOpen ? { label: ko.clothes.detail.open(clothes.name), open: () => onOpen(clothes) } : undefined
      }
    />
  );
}

/** The away states with their menu icons. */
const AWAY = [
  ['LAUNDRY', WashingMachine],
  ['LENT', Handshake],
  ['REPAIR', Scissors],
] as const;

function ClothesMenu({
  clothes,
  onEdit,
  onDelete,
  onAvailability,
  onArchive,
}: Pick<ClothesCardProps, 'clothes' | 'onEdit' | 'onDelete' | 'onAvailability' | 'onArchive'>) {
  const life = ko.clothes.life;
  const current = clothes.availability?.state ?? 'AVAILABLE';
  const item =
    'flex h-10 cursor-pointer items-center gap-2.5 rounded-lg px-3 text-[15px] outline-none select-none data-highlighted:bg-surface';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={ko.clothes.menuOf(clothes.name)}
        className={cn(
          'absolute top-2.5 right-2.5 z-2 flex size-9 items-center justify-center rounded-full bg-white/90 text-ink-soft shadow-sm backdrop-blur',
          'hover:bg-white hover:text-ink data-[state=open]:bg-white',
        )}
      >
        <MoreHorizontal className="size-5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-30 w-48 rounded-2xl border border-line bg-white p-1.5 shadow-lg"
        >
          {onAvailability ? (
            <>
              <DropdownMenu.Label className="px-3 pt-1.5 pb-1 text-xs font-bold text-ink-soft">
                {life.availabilityTitle}
              </DropdownMenu.Label>
              {AWAY.filter(([state]) => state !== current).map(([state, Icon]) => (
                <DropdownMenu.Item
                  key={state}
                  className={cn(item, 'text-ink')}
                  onSelect={() => onAvailability(clothes, state)}
                >
                  <Icon className="size-4 text-ink-muted" aria-hidden />
                  {life.states[state]}
                </DropdownMenu.Item>
              ))}
              {isAway(clothes) ? (
                <DropdownMenu.Item
                  className={cn(item, 'text-brand-600')}
                  onSelect={() => onAvailability(clothes, 'AVAILABLE')}
                >
                  <Sparkles className="size-4" aria-hidden />
                  {life.clear}
                </DropdownMenu.Item>
              ) : null}
              <DropdownMenu.Separator className="my-1 h-px bg-line" />
            </>
          ) : null}
          <DropdownMenu.Item className={cn(item, 'text-ink')} onSelect={() => onEdit(clothes)}>
            <Pencil className="size-4 text-ink-muted" aria-hidden />
            {ko.common.edit}
          </DropdownMenu.Item>
          {onArchive ? (
            <DropdownMenu.Item className={cn(item, 'text-ink')} onSelect={() => onArchive(clothes)}>
              <Archive className="size-4 text-ink-muted" aria-hidden />
              {life.archive}
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item className={cn(item, 'text-red-600')} onSelect={() => onDelete(clothes)}>
            <Trash2 className="size-4" aria-hidden />
            {ko.common.delete}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
