import { DetailErrorPage } from '../ui/detail-error-page';

/** The error page of a reading-room detail route, with the way back to its list. */
export function ReadingRoomError({
  error,
  list,
  missingMessage,
}: {
  error: unknown;
  list: { title: string; href: string };
  missingMessage: string;
}) {
  return <DetailErrorPage error={error} list={list} missingMessage={missingMessage} />;
}
