import { groupDigits, MESSAGES, type TopTag } from "@sawdust/shared";
import { Link } from "react-router";
import { paths } from "@/app/paths";

const m = MESSAGES.adminStats.analytics;

/** The tags whose images were viewed most in the range, with their downloads and images. */
export function TopTags({ tags }: { tags: TopTag[] }) {
  return (
    <div
      className="min-w-0 rounded-xl lg:col-span-2 border bg-card text-card-foreground shadow-sm p-4 sm:p-5"
      data-testid="top-tags"
    >
      <section aria-labelledby="top-tags-heading">
        <h3 id="top-tags-heading" className="mb-4 font-display text-lg font-semibold">
          {m.topTags}
        </h3>
        {tags.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.noTopTags}</p>
        ) : (
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
            tabIndex={0}
            aria-label={`${m.topTags}: the figures`}
            className="relative overflow-x-auto"
          >
            <table className="w-full text-left text-sm tabular-nums">
              <thead>
                <tr className="border-b text-muted-foreground">
                  <th scope="col" className="py-2 pr-2 font-medium sm:pr-4">
                    Tag
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-medium sm:px-3">
                    Views
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-medium sm:px-3">
                    Downloads
                  </th>
                  <th scope="col" className="py-2 pl-2 text-right font-medium sm:pl-3">
                    Images
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {tags.map((tag) => (
                  <tr key={tag.tag}>
                    <th scope="row" className="py-2 pr-2 font-normal sm:pr-4">
                      <Link
                        to={paths.tag.getHref(tag.tag)}
                        className="font-medium text-brand-strong hover:underline"
                      >
                        #{tag.tag}
                      </Link>
                    </th>
                    <td className="px-2 py-2 text-right sm:px-3">{groupDigits(tag.views)}</td>
                    <td className="px-2 py-2 text-right sm:px-3">{groupDigits(tag.downloads)}</td>
                    <td className="py-2 pl-2 text-right sm:pl-3">{groupDigits(tag.images)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </section>
    </div>
  );
}
