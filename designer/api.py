"""The designer seam: requirement (+ optional sample documents) -> a checked SchemaDesign.

With an LLM (the configured endpoint, or the local server when it runs; the CLI starts it,
designer_settings) the LLM designs first;
its design is parsed and repaired, its role tables are folded into their entities
(designer/roles.py), columns describing another entity move to its table (designer/normal.py), a
value from a list the users keep refers to a lookup table (designer/lookup.py, both designers),
the rule designer adds the entities and relationships it read and the LLM left out
(designer/reconcile.py), the result is validated, and the LLM, asked one sentence at a time, adds
the event and pair tables the design still lacks (designer/complete.py) and the references it
still lacks between two tables one sentence names (designer/relate.py); when anything fails
(endpoint down, no CREATE TABLE, validation issues left) the rule designer's design is used and
the reason noted.
Without an LLM the rule designer designs alone (then its attributes named by a phrase are named
by their noun, and the lookup tables are made). Then, for both, a row
appointed to a role of another ("one of the ringers acts as the conductor of the peal") becomes a
reference named after the role, and a reference of one column beside an association of the same
two tables goes where a sentence counts both as many (designer/relate.py); last, a table that
only repeats another's facts goes, and so does an attribute a table copies from a table it refers
to, while one it names after that table and the wording gives that table moves there
(designer/normal.py),
an event keyed by its date gets a surrogate, a key named `<table>_<words>` is the
words alone, a reference to a key of several columns is named as its columns, a bare `date`,
`time` or `type` is named after its table and an association named after its two parents is
keyed by them (`finished`, designer/repair.py); in the LLM's design, so is a pairing of two tables
with no date or time of its own (`undated_pairings_keyed_by_parents`), and a reference whose role is
a plural is an association table (`plural_references_as_associations`); last, a column name that
repeats words in a row says them once (`lead_tenant_tenant_id` -> `lead_tenant_id`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from text2db.config import Settings
from text2db.designer.belongs import owned_references
from text2db.designer.complete import complete_by_sentences
from text2db.designer.exceptions import DesignFailed, DesignInvalid, LlmDesignFailed
from text2db.designer.lookup import described_lists, lookup_tables
from text2db.designer.normal import copied_attributes_dropped, entities_out_of_columns, parent_attributes_moved
from text2db.designer.relate import appointed_roles, complete_references, counted_many_both_ways
from text2db.designer.reconcile import (add_read_references, counted_references, implied_references,
                                        keyed_by_surrogates_not_names, reconcile)
from text2db.designer.repair import (associations_keyed_by_parents, composite_references_named_as_keys,
                                     copies_dropped, dated_attribute_names, events_keyed_by_surrogates,
                                     format_named_keys_named_after_tables,
                                     phrase_names_cut, plural_references_as_associations, repair,
                                     repeated_words_joined, table_names_dropped_from_keys,
                                     undated_pairings_keyed_by_parents)
from text2db.designer.roles import fold_roles
from text2db.designer.rules import design_with_rules
from text2db.designer.validate import checked
from text2db.schemas.design import SchemaDesign


def local_llm_url(settings: Settings) -> str | None:
    """The configured endpoint, else the local server's URL when `text2db stack up --llm` runs."""
    if settings.llm_base_url:
        return settings.llm_base_url
    from text2db.infra import llm as local

    state = local.status(settings)
    return str(state["base_url"]) if state.get("running") else None


def designer_settings(settings: Settings, wanted: bool | None, say: Callable[[str], None]) -> Settings | None:
    """The settings the designer asks its LLM with (`llm_base_url` set), or None for the rules
    alone. The local LLM is the default designer (issue 15 measures the designs "with the local
    LLM"): `infra.llm.endpoint` finds it, starting it when it is installed and down."""
    from text2db.infra import llm as local

    url = local.endpoint(settings, wanted, say, alone="the rule designer designs")
    return None if url is None else settings.model_copy(update={"llm_base_url": url})


def design_schema(requirement: str, settings: Settings, llm: Any = None,
                  documents: Sequence[str] | None = None) -> SchemaDesign:
    """`llm`: None uses an LLM when one is configured or running; False never; an
    OpenAI-compatible client object is used as is."""
    notes: list[str] = []
    client = None if llm is None or isinstance(llm, bool) else llm
    url = None if llm is False or client is not None else local_llm_url(settings)
    if client is not None or url:
        from text2db.designer.llm import LlmDesigner

        try:
            designer = LlmDesigner(settings.model_copy(update={"llm_base_url": url}) if url else settings, client)
            design = reconciled(fold_roles(repair(designer.design(requirement, list(documents or [])))))
            if settings.design_sentence_completion:
                design = complete_references(complete_by_sentences(design, designer), designer)
            design = finished(counted_many_both_ways(appointed_roles(owned_references(lookup_tables(design)))),
                              drafted_by_llm=True)
            return design.model_copy(update={"notes": design.notes + notes})
        except LlmDesignFailed as exc:
            notes.append(f"LLM designer unavailable ({exc}); the rule designer designed instead")
        except DesignInvalid as exc:
            notes.append(f"the LLM's design failed validation ({'; '.join(exc.issues[:3])}); "
                         "the rule designer designed instead")
    design = finished(counted_many_both_ways(appointed_roles(owned_references(lookup_tables(phrase_names_cut(
        design_with_rules(requirement)))))))
    return design.model_copy(update={"notes": design.notes + notes})


def finished(design: SchemaDesign, drafted_by_llm: bool = False) -> SchemaDesign:
    """The last conventions, after every LLM prompt (which show the columns), checked: what a kept
    list is said to hold added to its table, a copy of another table's facts dropped, an attribute
    copied from a table it refers to dropped, one named after that table
    (`concert.conductor_phone`) moved there, an event keyed by its date keyed by a surrogate, a
    key's table name dropped from an identifier of several words, a key named by how it looks
    (`short_code`) named after its table, a composite reference named as the key it holds, a bare
    date/time/type named after its table, an association keyed by its parents; in a design the LLM
    drafted, a reference of a plural role made an association table, and an undated pairing keyed
    by its parents too; last, a column name that repeats words in a row says them once."""
    design = associations_keyed_by_parents(dated_attribute_names(composite_references_named_as_keys(
        format_named_keys_named_after_tables(table_names_dropped_from_keys(events_keyed_by_surrogates(
            parent_attributes_moved(copied_attributes_dropped(copies_dropped(described_lists(design))))))))))
    if drafted_by_llm:
        design = undated_pairings_keyed_by_parents(plural_references_as_associations(design))
    return checked(repeated_words_joined(design))


def reconciled(llm_design: SchemaDesign) -> SchemaDesign:
    """The LLM's (repaired) design with what the rule designer read and it left out, checked; the
    LLM's design alone when the rule designer reads nothing or the addition fails validation.
    Then the rules read again with the design's tables as known entities and add the references
    they read between them where one clause counts them ('driven by one driver', 'sends out many
    runs'): the rules find entities in fewer wordings than the model does ('As a coordinator, I
    want...'), and a relation between two entities they did not find is never read. A bare 'a'
    or plural is not taken: read that way, half of the added references were wrong ('a driver
    often stops at a depot'). The references the column names imply (implied_references) are
    declared before the rules complete the design, so they are not added twice, and again after,
    for the tables the rules added (`pupil.class_name` once a `class` table exists)."""
    llm_design = implied_references(lookup_tables(entities_out_of_columns(keyed_by_surrogates_not_names(llm_design))))
    try:
        rules = design_with_rules(llm_design.requirement)
        design = checked(repair(implied_references(reconcile(llm_design, rules))))
    except (DesignFailed, DesignInvalid):
        design = checked(repair(llm_design))  # repaired again: a reference implied above may close a cycle
    try:
        rules = design_with_rules(design.requirement, known=[t.name.replace("_", " ") for t in design.tables])
        counted = counted_references(design.requirement, [t.name for t in design.tables])
        return checked(add_read_references(design, rules, counted))
    except (DesignFailed, DesignInvalid):
        return design
