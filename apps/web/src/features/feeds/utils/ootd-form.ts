import { FeedCreateRequest, ko, type OotdDto } from '@otboo/contract';

export interface OotdDraft {
  /** The signed-in user. */
  authorId: string | null | undefined;
  /** The selected forecast day. */
  weatherId: string | null | undefined;
  /** The recommended outfit. */
  clothes: readonly Pick<OotdDto, 'clothesId'>[] | null | undefined;
  content: string;
}

/** `field`: the input at fault ('content'), or null when the form lacks what the user cannot type. */
export type OotdCheck =
  { ok: true; request: FeedCreateRequest } | { ok: false; error: string; field: 'content' | null };

/**
 * The OOTD registration rules of docs/product.md §5: the user, the selected weather and the recommended clothes must
 * be there ('필요한 정보가 없습니다.'); the content is trimmed and required ('1 OOTD에 대한 설명을
 * 입력해주세요.'), with the contract's length and character limits.
 */
export function checkOotd({ authorId, weatherId, clothes, content }: OotdDraft): OotdCheck {
  const clothesIds = (clothes ?? []).flatMap((item) => (item.clothesId ? [item.clothesId] : []));
  if (!authorId || !weatherId || clothesIds.length === 0)
    return { ok: false, error: ko.feeds.missingInfo, field: null };
  const checked = FeedCreateRequest.shape.content.safeParse(content);
  if (!checked.success)
    return {
      ok: false,
      error: checked.error.issues[0]?.message ?? ko.feeds.contentRequired,
      field: 'content',
    };
  return { ok: true, request: { authorId, weatherId, clothesIds, content: checked.data } };
}
