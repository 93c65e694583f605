import { ko, type ClothesDto } from '@otboo/contract';
import { cn } from '@/utils/cn';

/** The two places a garment is captioned: under an outfit's photo (md) and in a wardrobe card (sm). */
const SIZES = {
  md: {
    line: 'gap-2 text-base font-bold text-ink',
    name: '',
    type: 'bg-white text-xs',
    chips: 'gap-1.5',
    chip: 'bg-white px-2.5 py-1 text-xs ring-1 ring-brand-100',
  },
  sm: {
    line: 'gap-1.5',
    name: 'text-sm font-bold text-ink',
    type: 'bg-surface text-[11px]',
    chips: 'gap-1',
    chip: 'bg-brand-50 px-2 py-0.5 text-[11px]',
  },
} as const;

/** A garment's name with its type, then its attribute values as chips (each titled with its attribute's name). */
export function GarmentCaption({
  garment,
  size,
}: {
  garment: Pick<ClothesDto, 'name' | 'type' | 'attributes'>;
  size: keyof typeof SIZES;
}) {
  const style = SIZES[size];
  return (
    <>
      <p className={cn('flex items-center', style.line)}>
        <span className={cn('truncate', style.name)}>{garment.name}</span>
        <span className={cn('shrink-0 rounded-full px-2 py-0.5 font-bold text-ink-soft', style.type)}>
          {ko.clothes.types[garment.type]}
        </span>
      </p>
      {garment.attributes.length > 0 ? (
        <ul className={cn('flex flex-wrap', style.chips)} aria-label={ko.clothes.attributes}>
          {garment.attributes.map((attribute) => (
            <li
              key={attribute.definitionId}
              title={attribute.definitionName}
              className={cn('rounded-full font-bold text-brand-600', style.chip)}
            >
              {attribute.value}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
