import { ko } from '@otboo/contract';
import { paths } from '@/config/paths';

/** Social sign-in leaves the app for the provider (a full navigation to /oauth2/authorization/{provider}). */
export function SocialButtons() {
  return (
    <div className="flex flex-col gap-2.5">
      <a
        href={paths.oauth('google')}
        className="flex h-13 items-center justify-center gap-2.5 rounded-xl border border-line bg-white text-[15px] font-bold text-ink transition-colors hover:bg-surface-soft"
      >
        <GoogleMark />
        {ko.auth.socialGoogle}
      </a>
      <a
        href={paths.oauth('kakao')}
        className="flex h-13 items-center justify-center gap-2.5 rounded-xl bg-[#FEE500] text-[15px] font-bold text-[#191600] transition-colors hover:bg-[#f5dc00]"
      >
        <KakaoMark />
        {ko.auth.socialKakao}
      </a>
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden viewBox="0 0 18 18" className="size-[18px]">
      <path
        fill="#4285F4"
        d="M17.64 9.2c0-.64-.06-1.25-.16-1.84H9v3.48h4.84a4.14 4.14 0 0 1-1.8 2.72v2.26h2.92c1.7-1.57 2.68-3.88 2.68-6.62z"
      />
      <path
        fill="#34A853"
        d="M9 18c2.43 0 4.47-.8 5.96-2.18l-2.92-2.26c-.8.54-1.84.86-3.04.86-2.34 0-4.33-1.58-5.04-3.7H.96v2.33A9 9 0 0 0 9 18z"
      />
      <path
        fill="#FBBC05"
        d="M3.96 10.72A5.4 5.4 0 0 1 3.68 9c0-.6.1-1.18.28-1.72V4.95H.96A9 9 0 0 0 0 9c0 1.45.35 2.83.96 4.05l3-2.33z"
      />
      <path
        fill="#EA4335"
        d="M9 3.58c1.32 0 2.5.45 3.44 1.35l2.58-2.58A9 9 0 0 0 .96 4.95l3 2.33C4.67 5.16 6.66 3.58 9 3.58z"
      />
    </svg>
  );
}

function KakaoMark() {
  return (
    <svg aria-hidden viewBox="0 0 18 18" className="size-[18px]">
      <path
        fill="#191600"
        d="M9 1.5C4.58 1.5 1 4.32 1 7.8c0 2.24 1.5 4.2 3.74 5.32l-.76 2.8c-.07.25.22.45.43.3l3.32-2.2c.42.05.84.08 1.27.08 4.42 0 8-2.82 8-6.3S13.42 1.5 9 1.5z"
      />
    </svg>
  );
}
