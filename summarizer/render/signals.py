"""The signals' items as links: to their forge page, or on a page to their month."""

from __future__ import annotations

from summarizer.profile import Profile, ProfileMonth
from summarizer.render.links import citation_url


def item_links(profile: Profile, refs: list[str], in_page: bool = False) -> list[tuple[str, str | None]]:
    """Each item ref with the web page of its item, where its repository has one; on a page
    (`in_page`), else the month of the page that holds it."""
    months: dict[str, ProfileMonth] = {item.id: month for month in profile.months for item in month.items}
    links = []
    for ref in refs:
        month = months.get(ref)
        url = citation_url(profile, month, ref) if month else None
        links.append((ref, url or (f"#month-{month.month}" if month and in_page else None)))
    return links
