"""costlab: evaluate binary classifiers over a range of misclassification costs."""

__version__ = "0.1.0"
