"""Code table of the German Credit data: UCI attribute codes -> Weka/OpenML ``credit-g`` labels.

``german.data`` (UCI Statlog) stores nominal values as codes (``A11``, ``A12``, ...). Weka's and
OpenML's ``credit-g`` use the attribute names and value labels below, in this declaration order
(which is the category order Weka sees). Numeric attributes map to ``None``. The table mirrors
``german_credit/credit-g-labels.csv`` of the project's data mirror; a test checks the two agree.
"""

from __future__ import annotations

__all__ = ["CLASS_LABELS", "CREDIT_G_ATTRIBUTES"]

#: ``(attribute name, ((UCI code, credit-g label), ...) or None for numeric)`` in file order.
CREDIT_G_ATTRIBUTES = (
    (
        "checking_status",
        (("A11", "<0"), ("A12", "0<=X<200"), ("A13", ">=200"), ("A14", "no checking")),
    ),
    ("duration", None),
    (
        "credit_history",
        (
            ("A30", "no credits/all paid"),
            ("A31", "all paid"),
            ("A32", "existing paid"),
            ("A33", "delayed previously"),
            ("A34", "critical/other existing credit"),
        ),
    ),
    (
        "purpose",
        (
            ("A40", "new car"),
            ("A41", "used car"),
            ("A42", "furniture/equipment"),
            ("A43", "radio/tv"),
            ("A44", "domestic appliance"),
            ("A45", "repairs"),
            ("A46", "education"),
            ("A47", "vacation"),
            ("A48", "retraining"),
            ("A49", "business"),
            ("A410", "other"),
        ),
    ),
    ("credit_amount", None),
    (
        "savings_status",
        (
            ("A61", "<100"),
            ("A62", "100<=X<500"),
            ("A63", "500<=X<1000"),
            ("A64", ">=1000"),
            ("A65", "no known savings"),
        ),
    ),
    (
        "employment",
        (
            ("A71", "unemployed"),
            ("A72", "<1"),
            ("A73", "1<=X<4"),
            ("A74", "4<=X<7"),
            ("A75", ">=7"),
        ),
    ),
    ("installment_commitment", None),
    (
        "personal_status",
        (
            ("A91", "male div/sep"),
            ("A92", "female div/dep/mar"),
            ("A93", "male single"),
            ("A94", "male mar/wid"),
            ("A95", "female single"),
        ),
    ),
    ("other_parties", (("A101", "none"), ("A102", "co applicant"), ("A103", "guarantor"))),
    ("residence_since", None),
    (
        "property_magnitude",
        (
            ("A121", "real estate"),
            ("A122", "life insurance"),
            ("A123", "car"),
            ("A124", "no known property"),
        ),
    ),
    ("age", None),
    ("other_payment_plans", (("A141", "bank"), ("A142", "stores"), ("A143", "none"))),
    ("housing", (("A151", "rent"), ("A152", "own"), ("A153", "for free"))),
    ("existing_credits", None),
    (
        "job",
        (
            ("A171", "unemp/unskilled non res"),
            ("A172", "unskilled resident"),
            ("A173", "skilled"),
            ("A174", "high qualif/self emp/mgmt"),
        ),
    ),
    ("num_dependents", None),
    ("own_telephone", (("A191", "none"), ("A192", "yes"))),
    ("foreign_worker", (("A201", "yes"), ("A202", "no"))),
)

#: Class codes of ``german.data`` -> credit-g class labels (1 = good, 2 = bad).
CLASS_LABELS = (("1", "good"), ("2", "bad"))
