"""All-n records across the papers (issue 37): the all-n methods attached to claims whose
positions are words with local option rules, and, for every other claim, the one-line reason
it has no all-n proof (:mod:`cgsat.papers.all_n.claims`)."""
