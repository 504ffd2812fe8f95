"""What Landgrebe et al. (2004) print, each with its source, and the protocol they describe.

Source: T. Landgrebe, P. Paclik, D. M. J. Tax, S. Verzakov and R. P. W. Duin, *Cost-based
classifier evaluation for imbalanced problems*, SSPR/SPR 2004, LNCS 3138. The
plain-text copy has no page numbers: sources are given by table, figure and section. Nothing
here is computed.
"""

from __future__ import annotations

__all__ = [
    "CLASSIFIERS",
    "EXPERIMENTS",
    "PRIORS",
    "PROTOCOL",
    "TABLE_2",
    "TABLE_2_SOURCE",
    "TEXT_NUMBERS",
]

TABLE_2_SOURCE = "Landgrebe et al. 2004, Table 2 (sec. 4)"

#: Table 2's columns: "Linear Discriminant (LDC), Quadratic Discriminant (QDC), Mixture of
#: Gaussian (GAUSSM) [...] and the Parzen Classifier" (sec. 4; the table heads them MOGC, PARZEN).
CLASSIFIERS = ("LDC", "QDC", "MOGC", "PARZEN")

#: Table 2's rows, in order (sec. 4: "1500 examples are generated for each class").
EXPERIMENTS = ("TwoGaussians", "Highleyman", "Multimodal", "Lithuanian")

#: "P(C_t) = 0.5, 0.1, and 0.001" (sec. 4, Fig. 4, Table 2).
PRIORS = (0.5, 0.1, 0.001)

#: Table 2: "POSfrac results (with standard deviations shown) for the four data sets, where the
#: classifiers are fixed to operate to recover 80% of target examples", in percent:
#: (experiment, P(C_t)) -> {classifier: (mean, std)}.
TABLE_2 = {
    ("TwoGaussians", 0.5): {
        "LDC": (46.08, 0.51),
        "QDC": (45.99, 0.50),
        "MOGC": (47.86, 0.77),
        "PARZEN": (45.58, 0.54),
    },
    ("TwoGaussians", 0.1): {
        "LDC": (18.94, 0.92),
        "QDC": (18.78, 0.90),
        "MOGC": (22.14, 1.38),
        "PARZEN": (18.05, 0.98),
    },
    ("TwoGaussians", 0.001): {
        "LDC": (12.22, 1.02),
        "QDC": (12.05, 1.00),
        "MOGC": (15.78, 1.53),
        "PARZEN": (11.24, 1.08),
    },
    ("Highleyman", 0.5): {
        "LDC": (52.14, 1.23),
        "QDC": (40.00, 0.00),
        "MOGC": (40.00, 0.00),
        "PARZEN": (40.00, 0.00),
    },
    ("Highleyman", 0.1): {
        "LDC": (29.85, 2.22),
        "QDC": (8.00, 0.00),
        "MOGC": (8.00, 0.00),
        "PARZEN": (8.00, 0.00),
    },
    ("Highleyman", 0.001): {
        "LDC": (24.33, 2.46),
        "QDC": (0.08, 0.00),
        "MOGC": (0.08, 0.00),
        "PARZEN": (0.08, 0.00),
    },
    ("Multimodal", 0.5): {
        "LDC": (69.00, 1.06),
        "QDC": (50.25, 0.94),
        "MOGC": (41.20, 0.22),
        "PARZEN": (40.93, 0.21),
    },
    ("Multimodal", 0.1): {
        "LDC": (60.21, 1.90),
        "QDC": (26.46, 1.68),
        "MOGC": (10.15, 0.40),
        "PARZEN": (9.68, 0.38),
    },
    ("Multimodal", 0.001): {
        "LDC": (58.03, 2.11),
        "QDC": (20.57, 1.87),
        "MOGC": (2.47, 0.45),
        "PARZEN": (1.94, 0.42),
    },
    ("Lithuanian", 0.5): {
        "LDC": (46.81, 0.81),
        "QDC": (42.10, 0.33),
        "MOGC": (40.16, 0.04),
        "PARZEN": (40.06, 0.04),
    },
    ("Lithuanian", 0.1): {
        "LDC": (20.26, 1.45),
        "QDC": (11.77, 0.59),
        "MOGC": (8.28, 0.07),
        "PARZEN": (8.11, 0.07),
    },
    ("Lithuanian", 0.001): {
        "LDC": (13.68, 1.61),
        "QDC": (4.27, 0.65),
        "MOGC": (0.39, 0.08),
        "PARZEN": (0.21, 0.08),
    },
}

#: The numbers the text gives outside Table 2 (Highleyman, linear classifier, TPr = 80 %).
TEXT_NUMBERS = {
    "fig3_posfrac_at_0.1": {
        "value": "just under 30%",
        "source": "Landgrebe et al. 2004, sec. 3, Fig. 3: 'for this condition [P(C_t) = 0.1], "
        "a TP_r of 80% would result in a POSfrac of just under 30%'",
    },
    "balanced_posfrac": {
        "value": 54.9,
        "source": "Landgrebe et al. 2004, sec. 3: 'a balanced dataset results in a POSfrac of "
        "54.9%, and a Purity of 77.9% for the linear classifier'",
    },
    "balanced_purity": {"value": 77.9, "source": "Landgrebe et al. 2004, sec. 3 (as above)"},
    "posfrac_at_0.01": {
        "value": 24.8,
        "source": "Landgrebe et al. 2004, sec. 3: 'when [...] P(C_t) = 0.01 [...] for the linear "
        "classifier the POSfrac only dropped to 24.8%'",
    },
    "fig4_tpr_at_posfrac_0.1": {
        "value": (75.0, 90.0),
        "source": "Landgrebe et al. 2004, sec. 3, Fig. 4: 'as the linear classifier reaches a "
        "TP_r of 75% for a POSfrac of 0.1, the quadratic classifier is substantially better at "
        "over 90%' (the prior is not named; we read it at P(C_t) = 0.001, the skewed curve of "
        "Fig. 4)",
    },
}

#: The protocol of sec. 4.
PROTOCOL = {
    "n_folds": 30,  # "trained using a 30-fold cross-validation procedure"
    "n_per_class": 1500,  # "1500 examples are generated for each class"
    "tpr": 0.8,  # "the TP_r operating condition is fixed at 80%"
    "training_priors": "equal",  # "Each classifier is trained with equal training priors"
}
