import type { PrecipitationType, SkyStatus } from '@otboo/contract';
import { cn } from '@/utils/cn';

/**
 * Deep enough that white text keeps 4.5:1 everywhere on it (the lightest stop, with a cloud or a rain streak
 * over it, included), and still reads as its sky. e2e/specs/home-and-places.spec.ts measures it per sky.
 */
const SKIES: Record<SkyStatus | 'UNKNOWN', string> = {
  CLEAR: 'from-[#2563cc] via-[#1f58bd] to-[#1b4aa6]',
  MOSTLY_CLOUDY: 'from-[#3d67a3] via-[#345a92] to-[#2b4a7c]',
  CLOUDY: 'from-[#4a5566] via-[#404b5b] to-[#353f4e]',
  UNKNOWN: 'from-[#46618a] via-[#3d5579] to-[#334766]',
};

interface WeatherBackdropProps {
  /** Undefined while there is no weather yet: a neutral sky. */
  skyStatus?: SkyStatus;
  precipitationType?: PrecipitationType;
}

/**
 * The decorative sky behind the weather summary (docs/product.md §2): a gradient per sky status with a sun, clouds,
 * rain streaks or snowflakes drawn in CSS — no image files. Clouds, rain and snow are faint, and the bright sun
 * is drawn only from 1024 px, in the empty middle of the card, so that no text ever sits on a light patch.
 */
export function WeatherBackdrop({ skyStatus, precipitationType = 'NONE' }: WeatherBackdropProps) {
  const sunny = skyStatus === 'CLEAR' || skyStatus === 'MOSTLY_CLOUDY';
  const clouds = skyStatus === 'MOSTLY_CLOUDY' ? 'few' : skyStatus === 'CLOUDY' ? 'many' : null;
  const rain =
    precipitationType === 'RAIN' || precipitationType === 'SHOWER' || precipitationType === 'RAIN_SNOW';
  const snow = precipitationType === 'SNOW' || precipitationType === 'RAIN_SNOW';
  return (
    <div
      aria-hidden
      data-sky={skyStatus ?? 'UNKNOWN'}
      data-precipitation={precipitationType}
      className={cn(
        'pointer-events-none absolute inset-0 overflow-hidden bg-linear-to-br',
        SKIES[skyStatus ?? 'UNKNOWN'],
      )}
    >
      {sunny && precipitationType === 'NONE' ? (
        // Half behind the top edge, between the place's name and the refresh button: text never sits on it.
        <div className="absolute -top-10 right-52 hidden size-28 rounded-full bg-linear-to-br from-amber-200 to-amber-400 shadow-[0_0_40px_8px_rgba(253,230,138,0.2)] lg:block" />
      ) : null}
      {clouds ? (
        <>
          <Cloud className="top-16 right-6 w-64" />
          <Cloud className="top-36 right-52 w-44" />
          {clouds === 'many' ? (
            <>
              <Cloud className="-top-6 right-72 w-72" />
              <Cloud className="top-4 -right-20 w-80" />
            </>
          ) : null}
        </>
      ) : null}
      {rain ? (
        <div className="absolute inset-0 bg-[repeating-linear-gradient(105deg,transparent_0_22px,rgba(255,255,255,0.08)_22px_24px)] [mask-image:linear-gradient(to_bottom,black,transparent_85%)]" />
      ) : null}
      {snow ? (
        <div className="absolute inset-0 bg-[radial-gradient(circle,rgba(255,255,255,0.2)_1.5px,transparent_2.5px)] bg-size-[28px_28px] [mask-image:linear-gradient(to_bottom,black,transparent_85%)]" />
      ) : null}
      {/* A soft floor so the forecast strip stays legible over any sky. */}
      <div className="absolute inset-x-0 bottom-0 h-1/2 bg-linear-to-t from-black/15 to-transparent" />
    </div>
  );
}

/**
 * A faint cloud made of three overlapping rounded shapes. Each shape carries its own translucent white (not an
 * opacity on the group), which is how axe's colour-contrast check reads what is under the text too.
 */
function Cloud({ className }: { className?: string }) {
  return (
    <div className={cn('absolute aspect-[2.4/1]', className)}>
      <div className="absolute bottom-0 left-0 h-1/2 w-full rounded-full bg-white/[0.05]" />
      <div className="absolute bottom-[20%] left-[18%] aspect-square w-[38%] rounded-full bg-white/[0.05]" />
      <div className="absolute bottom-[15%] left-[42%] aspect-square w-[45%] rounded-full bg-white/[0.05]" />
    </div>
  );
}
