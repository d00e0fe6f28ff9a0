"""The God of War content validator: every check of the content files (shapes, ids,
references, the vocabularies of ``rules.json``, the authored marks, the box counts and the
rule coverage), as sentences (``validate.problems``). It proves the shipped content sound in
the tests (``test_content.py``) and is never run by the rules: the files are data of a
released rules version, so a broken file is caught before it is released."""
